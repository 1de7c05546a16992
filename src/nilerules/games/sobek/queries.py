"""stub"""
from typing import Any

QUERIES: dict[str, Any] = {}
