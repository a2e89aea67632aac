// The languages the browser's API calls ask in (decision 056): the page's language, which is its URL's (decision 055)
// and its <html lang> unless set here, so a background refresh of a German page answers in German whatever the
// browser prefers; and the configured default, in which an editing screen first asks for the text it edits (`inSource`
// in ./client.ts; unset, it asks in the page's language first). The server's in-process transport
// (worker/pages/in-process.ts) sends the page's language itself.
export const readLanguages: { page?: string; configuredDefault?: string } = {};

/** Sets the page's language and the configured default (the first of wrangler.toml's LANGUAGES). */
export function setReadLanguages(page: string, configuredDefault: string): void {
  readLanguages.page = page;
  readLanguages.configuredDefault = configuredDefault;
}
