/** Text made safe to put in an e-mail's HTML, between tags or in a quoted attribute. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
