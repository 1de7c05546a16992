QUERIES: dict = {}
