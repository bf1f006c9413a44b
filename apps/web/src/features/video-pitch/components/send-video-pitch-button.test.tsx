import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/test-utils';
import { SendVideoPitchButton } from './send-video-pitch-button';

describe('SendVideoPitchButton', () => {
  it('links to the upload page of the domain', () => {
    renderRoute(<SendVideoPitchButton domainId={42} />);
    expect(screen.getByRole('link', { name: 'Send a video pitch' })).toHaveAttribute('href', '/video_upload/42');
  });
});
