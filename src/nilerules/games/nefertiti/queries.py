QUERIES: dict[str, object] = {}
