"""Core lint rules (codes CF…), one module each; every game gets them."""
