// The entry editor's rich text in Chromium on a 100,000-word post (issue 34): how long a keystroke
// in the middle of the text takes to be painted. Run by bench/run.mjs after the visual builder,
// against the same server; timed as the builder's typing is (bench/builder.mjs, withEventTiming).
import { existsSync } from 'node:fs';
import {
  call,
  eventTimingNote,
  launchChromium,
  noChromium,
  signedInPage,
  signIn,
  watchEventTiming,
  withEventTiming,
} from './builder.mjs';
import { targets } from './targets.mjs';

export const RICHTEXT_PART = 'rich-text editor (Chromium, 100,000-word post)';
const WORDS = 100_000;
const WORDS_A_PARAGRAPH = 100;
const TYPED = 'Quick brown foxes jump over lazy dogs 40';
// A fast typist's pace (120 words a minute), as the builder's typing.
const KEYSTROKE_EVERY_MS = 100;
const VOCABULARY =
  'harbour tide boat rope sail wind gull net fish quay lantern keel mast deck anchor storm calm morning evening light'.split(
    ' ',
  );

/** Seeds the post, types into it in Chromium and answers the rows to print, or `{ skipped }`. */
export async function measureRichText(context, options) {
  if (!existsSync(options.chromium)) return { skipped: noChromium(options.chromium) };
  const session = await signIn(context);
  const html = longPost();
  const post = await call(context, session, 'POST', '/api/content/post', {
    title: 'A long tide',
    fields: { content: html },
  });
  const browser = await launchChromium(context, options.chromium);
  try {
    const { browserContext, page } = await signedInPage(browser, context, session);
    await page.goto(`${context.browserOrigin}/admin/content/post/${post.id}`);
    const paragraphs = WORDS / WORDS_A_PARAGRAPH;
    await page.waitForFunction(
      (count) => document.querySelectorAll('.ProseMirror[contenteditable="true"] > p').length === count,
      paragraphs,
    );
    // The editor at rest, as one finds it after opening the post.
    await page.waitForTimeout(1000);
    const middle = Math.floor(paragraphs / 2);
    await page.locator('.ProseMirror > p').nth(middle).click();
    await page.keyboard.press('End');
    await page.evaluate(watchEventTiming);
    const typed = await typeInto(page, middle);
    const keystrokes = await withEventTiming(page, typed, 'keydown');
    // The HTML went out to the form once typing paused: the entry shows unsaved changes.
    await page.getByText('Unsaved changes').waitFor();
    await browserContext.close();
    return {
      rows: [
        {
          name: 'a keystroke in the middle of the text',
          samples: keystrokes.map((each) => each.ms),
          target: targets['richtext-typing'],
        },
      ],
      notes: [
        `the post: ${WORDS.toLocaleString('en')} words in ${paragraphs} paragraphs, ${html.length} bytes of HTML; ${TYPED.length} keystrokes at the end of a line of paragraph ${middle + 1}, one every ${KEYSTROKE_EVERY_MS} ms`,
        eventTimingNote('typing', keystrokes),
      ],
    };
  } finally {
    await browser.close();
  }
}

/** WORDS words of the vocabulary in paragraphs of WORDS_A_PARAGRAPH, as the editor's HTML. */
function longPost() {
  const paragraphs = [];
  for (let p = 0; p < WORDS / WORDS_A_PARAGRAPH; p += 1) {
    const words = [];
    for (let i = 0; i < WORDS_A_PARAGRAPH; i += 1)
      words.push(VOCABULARY[(p * 7 + i * 3) % VOCABULARY.length]);
    paragraphs.push(`<p>${words.join(' ')}.</p>`);
  }
  return paragraphs.join('');
}

/** Each character at the caret (the end of a line of the paragraph), timed until a painted frame showed it. */
async function typeInto(page, paragraph) {
  const samples = [];
  let text = '';
  for (const character of TYPED) {
    text += character;
    const sent = performance.now();
    await page.evaluate(armTyped, { paragraph, expected: text });
    await page.keyboard.type(character);
    samples.push(await page.evaluate(() => window.__benchShown));
    const left = KEYSTROKE_EVERY_MS - (performance.now() - sent);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  return samples;
}

/**
 * Runs in the page: window.__benchShown, a promise of { start, painted }: the next keydown's
 * timestamp and the milliseconds from it to the painted frame whose paragraph holds `expected`.
 */
function armTyped({ paragraph, expected }) {
  window.__benchShown = new Promise((resolve, reject) => {
    let start = null;
    window.addEventListener(
      'keydown',
      (event) => {
        start = event.timeStamp;
      },
      { capture: true, once: true },
    );
    const shown = () =>
      document.querySelectorAll('.ProseMirror > p')[paragraph]?.textContent.includes(expected) === true;
    const deadline = performance.now() + 10_000;
    const check = () => {
      if (start !== null && shown()) {
        // Inside requestAnimationFrame the frame is not painted yet; a message posted now is
        // handled once it is.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ start, painted: performance.now() - start });
        channel.port2.postMessage(null);
      } else if (performance.now() > deadline)
        reject(new Error(`typing: "${expected}" not shown within 10 s (input seen: ${start !== null})`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
