"""Packaging glue: the bundled specs live in the top-level specs/ folder and install as nilerules.bundled_specs."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "nilerules.bundled_specs"],
    package_dir={"": "src", "nilerules.bundled_specs": "specs"},
)
