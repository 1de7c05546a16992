CHECKS: dict = {}
