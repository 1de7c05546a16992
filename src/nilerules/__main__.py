"""`python -m nilerules` runs the command line."""

import sys

from nilerules.cli import main

sys.exit(main())
