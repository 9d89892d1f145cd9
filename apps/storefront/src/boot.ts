/**
 * The first script of a server-rendered page (the server puts it in place of the app's entry, named in
 * data-app). The page is complete without JavaScript; what a shopper waits for is its largest picture, the
 * img the server marks fetchpriority="high" and preloads. On a phone's connection the app, about a hundred
 * kilobytes, would share the bandwidth and the main thread with that picture, so it is requested once the
 * picture has been painted, and so are the font faces the first screen does not show. Nothing is imported
 * here, so this stays one small file.
 */

/** Longest the app waits for the first screen's pictures to load. */
const MAX_LOAD_WAIT_MS = 2500;
/** Longest it then waits to see them painted (the browser may not report a picture that is not the largest). */
const MAX_PAINT_WAIT_MS = 250;

const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function loaded(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Resolves when the browser reports one of the pictures as the largest contentful paint so far. */
function painted(pictures: HTMLImageElement[]): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const seen = list
        .getEntries()
        .some((e) => pictures.includes((e as PerformanceEntry & { element?: Element }).element as HTMLImageElement));
      if (!seen) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function firstScreenShown(): Promise<void> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  if (pictures.length === 0) return;
  await Promise.race([Promise.all(pictures.map(loaded)), after(MAX_LOAD_WAIT_MS)]);
  await Promise.race([painted(pictures), after(MAX_PAINT_WAIT_MS)]);
}

/** A face the page's first screen does not show, as the server lists it (entry-server.tsx). */
interface LaterFont {
  family: string;
  style: string;
  weight: string;
  src: string;
  unicodeRange?: string;
}

/**
 * Declares the faces the server left out of the page's styles; the browser fetches each when text needs it.
 * Text set in one of them showed in its family's nearest declared weight until now.
 */
function declareLaterFonts(): void {
  const listed = document.getElementById('later-fonts')?.textContent;
  if (!listed || typeof FontFace === 'undefined') return;
  for (const f of JSON.parse(listed) as LaterFont[]) {
    const descriptors: FontFaceDescriptors = { style: f.style, weight: f.weight, display: 'swap' };
    if (f.unicodeRange) descriptors.unicodeRange = f.unicodeRange;
    document.fonts.add(new FontFace(f.family, `url(${f.src}) format("woff2")`, descriptors));
  }
}

const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
void firstScreenShown().then(() => {
  try {
    declareLaterFonts();
  } catch {
    // A list the browser cannot take: the page keeps the faces it declared, and the app must still start.
  }
  if (app) return import(/* @vite-ignore */ app);
});
