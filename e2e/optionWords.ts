/** A quiz option's words as its radio button is named: its inline HTML as text. */
export const optionWords = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x26;/g, "&")
    .replace(/&#x3C;/g, "<")
    .replace(/&#x22;/g, '"')
    .trim();
