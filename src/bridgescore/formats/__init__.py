"""File formats: traveller CSV, JSON results, PBN, USEBIO."""
