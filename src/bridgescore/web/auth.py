"""Passwords (argon2 hashes), logins (a random token in a cookie, kept in the database so that
any worker can check it and logging out ends it everywhere) and CSRF tokens (an HMAC of the
login token under a key every worker reads from the database)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from bridgescore.languages import N_
from bridgescore.languages.text import Text

COOKIE = "bridgescore_login"
_HASHER = PasswordHasher()
# A hash to check when the user does not exist, so that both cases take the same time.
_DUMMY = _HASHER.hash("bridgescore: no such user")


def hash_password(password: str) -> str:
    if len(password) < 8:
        raise ValueError(Text(N_("a password needs at least 8 characters")))
    return _HASHER.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _HASHER.verify(password_hash or _DUMMY, password) and password_hash is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _HASHER.check_needs_rehash(password_hash)


def new_secret() -> str:
    return secrets.token_hex(32)


def csrf_token(secret: str, login_token: str) -> str:
    """The CSRF token of one login: forms carry it, and a request without it is refused."""
    return hmac.new(secret.encode(), b"csrf:" + login_token.encode(), hashlib.sha256).hexdigest()


def csrf_ok(secret: str, login_token: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(csrf_token(secret, login_token), given)


def new_password() -> str:
    """A first director's password, printed once by ``make serve``."""
    return secrets.token_urlsafe(12)
