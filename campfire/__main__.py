import sys

from campfire.cli import main

sys.exit(main())
