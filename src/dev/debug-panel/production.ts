/**
 * Whether the page was built for production: bundlers replace `process.env.NODE_ENV` with its value but
 * leave `process` itself undefined in the browser, so the expression is read as written, and a page
 * no bundler touched (where reading `process` throws) is not a production build.
 */
export function isProduction(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}
