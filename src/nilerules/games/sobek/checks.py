"""stub"""
from typing import Any

CHECKS: dict[str, Any] = {}
