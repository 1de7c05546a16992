"""Tiny toy games that test the kernel and every checker (each seeded bug must be caught)."""
