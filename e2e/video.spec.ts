import path from 'node:path';
import { expect, type Locator, type Page, test } from './journey-test';
import { expectNoAxeViolations, expectNoHorizontalScroll, listDomain, registerViaApi, signedInPage, uniqueDomain } from './support';

const shots = path.resolve(import.meta.dirname, '..', 'test-results', 'video-screens');
/** A 2-second VP8 WebM (about 20 KB) recorded once in Chromium with MediaRecorder on a canvas. */
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'pitch.webm');
const MAX_UPLOAD_BYTES = 2_097_152;

/** Full-page screenshots at 1280 and 360 px for a person to look at; nothing may stick out at 360. */
async function screenshots(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    // A modal covers the viewport only; a full-page picture of it would show the page below it.
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage });
  }
  await expectNoHorizontalScroll(page, 360);
  await page.setViewportSize({ width: 1280, height: 900 });
}

function pitchRow(page: Page, domain: string): Locator {
  return page.getByTestId('pitch-row').filter({ hasText: domain });
}

async function chooseFilter(page: Page, label: string, filter: string): Promise<void> {
  const listed = page.waitForResponse((res) => res.url().includes(`/api/domains/video-pitches/?filter=${filter}`));
  await page.getByRole('group', { name: 'Filter video pitches' }).getByRole('button', { name: label, exact: true }).click();
  await listed;
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test.describe('video pitches', () => {
  test('a founder uploads a pitch; the seller plays and accepts it; the founder sees Accepted', async ({ browser, request }) => {
    test.setTimeout(360_000);
    const seller = await registerViaApi(request, 'vseller', 'Sally');
    const founder = await registerViaApi(request, 'founder', 'Fiona');
    const domain = uniqueDomain('pitchme');
    const domainId = await listDomain(request, seller, domain, { seller_price: 5000, business_status: 'Buy Now' });

    const founderPage = await signedInPage(browser, founder);
    await test.step('the founder opens the upload page and a file over 2 MB is refused before upload', async () => {
      await founderPage.goto(`/video_upload/${domainId}`);
      await expect(founderPage.getByRole('heading', { level: 1, name: 'Upload Video Pitch' })).toBeVisible();
      await expect(founderPage.getByTestId('upload-domain')).toHaveText(domain);
      await expectNoAxeViolations(founderPage);
      await screenshots(founderPage, 'upload');

      let asked = false;
      founderPage.on('request', (req) => {
        if (req.url().includes('/api/domains/video-upload-url/') || req.url().includes('/storage/upload')) asked = true;
      });
      await founderPage.getByLabel('Video file').setInputFiles({
        name: 'big.webm',
        mimeType: 'video/webm',
        buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1),
      });
      await expect(founderPage.getByTestId('video-file-error')).toHaveText('big.webm is too large, please pick a smaller one.');
      await founderPage.getByRole('button', { name: 'Upload video' }).click();
      await expect(founderPage.getByTestId('video-file-error')).toHaveText('Please choose a video file to upload.');
      expect(asked).toBe(false);
      await founderPage.getByLabel('Video file').setInputFiles({
        name: 'big.webm',
        mimeType: 'video/webm',
        buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1),
      });
      await expectNoAxeViolations(founderPage);
      await screenshots(founderPage, 'upload-too-large');
    });

    await test.step('uploads a real video straight to storage and lands on /video_pitch', async () => {
      await founderPage.getByLabel('Video file').setInputFiles(FIXTURE);
      await expect(founderPage.getByTestId('chosen-video')).toContainText('pitch.webm');
      const stored = founderPage.waitForResponse((res) => res.url().includes('/storage/upload') && res.request().method() === 'POST');
      await founderPage.getByRole('button', { name: 'Upload video' }).click();
      const storage = await stored;
      expect(storage.status()).toBe(204);
      expect(await storage.request().headerValue('authorization')).toBeNull();
      await expect(founderPage.getByText('Success!', { exact: true })).toBeVisible();
      await expect(founderPage).toHaveURL(/\/video_pitch$/);
      const row = pitchRow(founderPage, domain);
      await expect(row).toContainText('pitch.webm');
      await expect(row).toContainText('Sent by you');
      await expect(row.getByTestId('pitch-status')).toHaveText('Awaiting the owner’s decision');
      await expect(row.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
      await expect(row.getByRole('button', { name: /^Delete/ })).toBeVisible();
    });

    const sellerPage = await signedInPage(browser, seller);
    await test.step('the seller finds it under Undecided and plays it in the modal', async () => {
      await sellerPage.goto('/video-pitch');
      await expect(sellerPage.getByRole('heading', { level: 1, name: 'Video Pitch' })).toBeVisible();
      await expect(sellerPage.getByRole('heading', { level: 2, name: 'Video pitch projects' })).toBeVisible();
      await chooseFilter(sellerPage, 'Undecided', 'undecided');
      const row = pitchRow(sellerPage, domain);
      await expect(row).toContainText('Sent to you');
      await expect(row.getByTestId('pitch-status')).toHaveText('Awaiting your decision');
      await expectNoAxeViolations(sellerPage);
      await screenshots(sellerPage, 'pitches-seller');

      await row.getByRole('button', { name: `Play pitch.webm for ${domain}` }).click();
      const dialog = sellerPage.getByRole('dialog', { name: `Video pitch for ${domain}` });
      const video = dialog.getByLabel(`Video pitch pitch.webm for ${domain}`);
      await expect(video).toBeVisible();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((v: HTMLVideoElement) => typeof v.duration)).toBe('number');
      expect(await video.evaluate((v: HTMLVideoElement) => Number.isNaN(v.duration))).toBe(false);
      await expectNoAxeViolations(sellerPage);
      await screenshots(sellerPage, 'player', { fullPage: false });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('the seller accepts it; it leaves Undecided and shows under Accepted', async () => {
      const row = pitchRow(sellerPage, domain);
      await row.getByRole('button', { name: `Accept pitch.webm for ${domain}` }).click();
      await expect(sellerPage.getByText('Pitch accepted.')).toBeVisible();
      await expect(row).toHaveCount(0);
      await chooseFilter(sellerPage, 'Accepted', 'accepted');
      await expect(pitchRow(sellerPage, domain).getByTestId('pitch-status')).toHaveText('Accepted');
      await chooseFilter(sellerPage, 'Decline', 'declined');
      await expect(pitchRow(sellerPage, domain)).toHaveCount(0);
    });

    await test.step('the founder sees the outcome', async () => {
      await founderPage.goto('/video-pitch?filter=accepted');
      const row = pitchRow(founderPage, domain);
      await expect(row.getByTestId('pitch-status')).toHaveText('Accepted');
      await expect(row).toContainText('Answered');
      await screenshots(founderPage, 'pitches-founder');
    });

    await test.step('the founder deletes the pitch after confirming; it shows under Deleted with no actions', async () => {
      await pitchRow(founderPage, domain).getByRole('button', { name: `Delete pitch.webm for ${domain}` }).click();
      const dialog = founderPage.getByRole('dialog', { name: 'Delete video pitch' });
      await expect(dialog).toContainText(`pitch.webm for ${domain}`);
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(founderPage.getByText('Video pitch deleted.')).toBeVisible();
      await expect(pitchRow(founderPage, domain)).toHaveCount(0);
      await chooseFilter(founderPage, 'Deleted', 'deleted');
      const row = pitchRow(founderPage, domain);
      await expect(row.getByTestId('pitch-status')).toHaveText('Deleted');
      await expect(row.getByRole('button')).toHaveCount(0);
    });

    await sellerPage.context().close();
    await founderPage.context().close();
  });

  test('an empty Video Pitch tab says what to do next, and passes axe', async ({ browser, request }) => {
    const user = await registerViaApi(request, 'nopitch', 'Nina');
    const page = await signedInPage(browser, user);
    await page.goto('/video-pitch');
    await expect(page.getByText('No records to display')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a domain and send its owner a pitch' })).toHaveAttribute('href', '/homeSearch');
    await expectNoAxeViolations(page);
    await screenshots(page, 'pitches-empty');
    await page.context().close();
  });
});
