"""Packaging glue: the bundled specs live in the top-level specs/ folder and install as nilerules.specs."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "nilerules.specs"],
    package_dir={"": "src", "nilerules.specs": "specs"},
)
