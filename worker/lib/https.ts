// Whether a request came over https, read from its URL string: a Request's url is always absolute and its scheme
// lower case, so no URL needs parsing for the cookies' names and `Secure` flags on every signed-in request (issue 31).

/** Whether `url` (a Request's url) is an https URL. */
export const isHttps = (url: string): boolean => url.startsWith('https:');
