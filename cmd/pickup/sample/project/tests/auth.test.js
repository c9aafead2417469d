// Auth tests (demo sample).
test('sign returns a token', () => {});
