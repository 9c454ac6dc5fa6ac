/**
 * The session ended while files were still going up (issue 24 item 16): the upload manager pauses its queue (kept in
 * IndexedDB) and the app goes to the sign-in page, which said only "please sign in". The manager leaves here how many
 * files wait, for this tab's sign-in page to say that they are paused and carry on after signing in (the manager
 * resumes them when the same user is back: UploadManager.restore). Kept in sessionStorage: this tab only, gone with it.
 * A small module of its own: the sign-in page reads it without loading the upload manager.
 */
const KEY = 'windscope.uploads.pausedForSignIn';

export function markUploadsPausedForSignIn(files: number): void {
  try {
    if (files > 0) sessionStorage.setItem(KEY, String(files));
  } catch {
    // storage refused (private mode, quota): the notice is a courtesy, the queue itself is kept elsewhere
  }
}

/** How many files wait for this tab's user to sign in again; 0 when none. */
export function uploadsPausedForSignIn(): number {
  try {
    const files = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(files) && files > 0 ? files : 0;
  } catch {
    return 0;
  }
}

export function clearUploadsPausedForSignIn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
