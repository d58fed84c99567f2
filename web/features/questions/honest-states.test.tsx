import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUERY_RETRIES } from '@contracts/limits';
import { questionApiPaths } from '@contracts/question-api-paths';
import { json, renderApp, signedIn } from '@/test/render-app';

/**
 * Issue 26, "Honest states", on the question page and My Questions: a refusal is final and said at
 * once, a server or network failure offers 'Try again' from its first failure while the client's
 * retries go on, and a slow load shows the skeleton (moved from the browser suite, ADR 080; the
 * browser keeps the offline page, which needs a real connection to lose).
 */
const QUESTION = '00000000-0000-4000-8000-000000000026';
const questionPath = questionApiPaths.question(QUESTION);
const serverError = () =>
  json(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' });
const notFound = () => json(404, { message: 'Question not found' });
/** A request that stays in flight until `release` is called. */
function held() {
  let release: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

describe('honest states', () => {
  it('a mistyped question link says Question Not Found at once, asking once', async () => {
    const app = renderApp('/questions/not-a-question', {
      account: signedIn(),
      api: {
        [questionApiPaths.question('not-a-question')]: () => json(400, { message: 'Bad id' }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Question Not Found' })).toBeTruthy();
    // A 4xx is final: asked once, never retried.
    expect(app.requests().filter((r) => r.path.includes('not-a-question'))).toHaveLength(1);
  });

  it("a server error offers 'Try again' while the retries go on, and Try again loads the page", async () => {
    const retry = held();
    let recovered = false;
    const app = renderApp(`/questions/${QUESTION}`, {
      account: signedIn(),
      api: {
        // The first attempt fails and the first retry stays in flight: 'Try again' cannot wait
        // for the retries to end. Then they all fail, until the server recovers.
        [questionPath]: (_: RequestInit, earlier: number) => {
          if (recovered) return notFound();
          return earlier === 1 ? retry.response : serverError();
        },
      },
    });
    const asked = () => app.requests().filter((r) => r.path === questionPath).length;
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('This question could not be loaded right now.')).toBeTruthy();
    // Shown while the retries have not ended: the second attempt is still held.
    expect(asked()).toBeLessThanOrEqual(2);

    retry.release(serverError());
    await waitFor(() => expect(asked()).toBe(1 + QUERY_RETRIES));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy());
    recovered = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Question Not Found' })).toBeTruthy();
  });

  it("a network failure offers 'Try again'", async () => {
    renderApp(`/questions/${QUESTION}`, {
      account: signedIn(),
      api: { [questionPath]: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a slow load shows the page skeleton, not a blank page', async () => {
    const list = held();
    renderApp('/asker-inbox', {
      account: signedIn(),
      api: { [questionApiPaths.playerQuestions]: () => list.response },
    });
    const skeleton = await screen.findByRole('status', { busy: true });
    expect(skeleton.textContent).toContain('Loading…');
    list.release(json(200, { questions: [], nextCursor: null }));
    await waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
  });
});
