CHECKS: dict[str, object] = {}
