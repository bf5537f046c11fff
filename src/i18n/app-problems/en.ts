/**
 * What the elements say when the app info fails (src/flow/app-problem.ts decides which), one message
 * per `AppProblem` reason, its fields as placeholders. Each language's sign-in part spreads its file of
 * this folder; `<passage-profile>` shows them from there.
 */

/** A translation of every message of this folder (the views render `problem.reason` as the key). */
export type AppProblemMessages = Readonly<
  Record<'app-not-found' | 'origin-not-allowed' | 'server-unreachable' | 'server-error', string>
>;

// Typed, not `as const`: the catalogues' declarations then name the keys without repeating the texts.
export const appProblemsEn: AppProblemMessages = {
  'app-not-found':
    'The identity server at {server} has no app with the ID “{appId}”. Check the app-id attribute.',
  'origin-not-allowed':
    "This page's origin, {pageOrigin}, may not use this app: its auth_origin is {authOrigin}. Set the app's auth_origin to {pageOrigin} in the identity server's apps file, or restart the server with --auth-origin {pageOrigin} if its first run wrote that file.",
  'server-unreachable':
    'No identity server answered at {url}. Check that it is running, or set the api-url attribute to its address.',
  'server-error': 'The identity server at {server} could not load this app: {detail}',
};
