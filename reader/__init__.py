"""Reading a printed board from a photo (issue 23). Server side, outside ``games/`` (which
stays standard library only): it needs numpy, Pillow and the AprilTag detector."""
