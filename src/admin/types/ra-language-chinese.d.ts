// The package (written for react-admin 2) ships no types.
declare module 'ra-language-chinese' {
  const messages: Record<string, unknown>;
  export default messages;
}
