from .csrf import CSRFProtect as CSRFProtect
