/**
 * A self-signed certificate for hooks.example.test (valid to 2126) and its key, made once with
 * openssl for the https delivery test. Test-only: it guards nothing, so it may be public.
 */
export const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBsDCCAVagAwIBAgIURjfD6JsTTEpyi6Fb3or/ZdjG60EwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSaG9va3MuZXhhbXBsZS50ZXN0MCAXDTI2MTEyODExMjEwMloY
DzIxMjYxMTA0MTEyMTAyWjAdMRswGQYDVQQDDBJob29rcy5leGFtcGxlLnRlc3Qw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATkwUDGnkXtqVkDXj1+hSXvfJWe1ZVi
weglnPK3ahPfudWDW3xKe/zBmZHobicZJ17IPD3lnfOYgEIn/d2XdA74o3IwcDAd
BgNVHQ4EFgQUXp1trLhLcuC7HmC+29tCu4p9XhgwHwYDVR0jBBgwFoAUXp1trLhL
cuC7HmC+29tCu4p9XhgwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHREEFjAUghJob29r
cy5leGFtcGxlLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIhANtLCUcuU677fKdCftjO
yveMZ5hymnjm4XRDqKmmLO1FAiAVVz/SP/oAkpHLuVakgRYBJWqwxt7wu3hBVOw6
IsUNFg==
-----END CERTIFICATE-----
`;

export const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgsITLViwfT8ZLAx1q
xq5jk0oQBfaPG9L8PSD3Z+XeZDShRANCAATkwUDGnkXtqVkDXj1+hSXvfJWe1ZVi
weglnPK3ahPfudWDW3xKe/zBmZHobicZJ17IPD3lnfOYgEIn/d2XdA74
-----END PRIVATE KEY-----
`;
