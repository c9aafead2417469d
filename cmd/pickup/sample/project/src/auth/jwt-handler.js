// JWT handler for story 12.3 (demo sample).
export function sign(payload, key) {
  return encode(header(), payload, key);
}
