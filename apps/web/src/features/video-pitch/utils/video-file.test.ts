import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, videoMessages } from '@market/shared';
import { videoFile } from '../testing/fixtures';
import { checkVideoFile, formatBytes } from './video-file';

describe('checkVideoFile', () => {
  it('allows up to 2,097,152 bytes and refuses one more, naming the file', () => {
    expect(checkVideoFile(videoFile('ok.mp4', MAX_UPLOAD_BYTES, 'video/mp4'))).toEqual({ ok: true, contentType: 'video/mp4' });
    expect(checkVideoFile(videoFile('big.webm', MAX_UPLOAD_BYTES + 1))).toEqual({ ok: false, problem: videoMessages.tooLarge('big.webm') });
  });

  it('refuses empty files and files that are not videos', () => {
    expect(checkVideoFile(videoFile('empty.webm', 0)).ok).toBe(false);
    expect(checkVideoFile(videoFile('notes.txt', 10, 'text/plain'))).toEqual({ ok: false, problem: videoMessages.notAVideo });
    expect(checkVideoFile(videoFile('photo.mp4', 10, 'image/png'))).toEqual({ ok: false, problem: videoMessages.notAVideo });
    expect(checkVideoFile(videoFile('clip.avi', 10, 'video/x-msvideo'))).toEqual({ ok: false, problem: videoMessages.notAVideo });
  });

  it('goes by the extension when the system gives no type', () => {
    expect(checkVideoFile(videoFile('clip.MKV', 10, ''))).toEqual({ ok: true, contentType: 'video/x-matroska' });
    expect(checkVideoFile(videoFile('clip.mov', 10, ''))).toEqual({ ok: true, contentType: 'video/quicktime' });
  });

  it('formats sizes', () => {
    expect(formatBytes(500)).toBe('500 bytes');
    expect(formatBytes(19_709)).toBe('19.2 KB');
    expect(formatBytes(MAX_UPLOAD_BYTES)).toBe('2.00 MB');
  });
});
