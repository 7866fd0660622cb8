import { describe, expect, it, vi } from 'vitest';
import { captureKioskFrame, coverCrop } from './kiosk-camera.ts';

describe('coverCrop', () => {
  it('crops a wide camera at the sides to 4:3', () => {
    expect(coverCrop(1280, 720, 320, 240)).toEqual({ sx: 160, sy: 0, sw: 960, sh: 720 });
  });

  it('crops a tall camera at the top and bottom', () => {
    expect(coverCrop(480, 640, 320, 240)).toEqual({ sx: 0, sy: 140, sw: 480, sh: 360 });
  });

  it('takes a 4:3 camera whole', () => {
    expect(coverCrop(640, 480, 320, 240)).toEqual({ sx: 0, sy: 0, sw: 640, sh: 480 });
  });
});

describe('captureKioskFrame', () => {
  it('answers null without a camera API', async () => {
    expect(await captureKioskFrame(undefined)).toBeNull();
    expect(await captureKioskFrame({} as MediaDevices)).toBeNull();
  });

  it('answers null when the camera is refused, and leaves nothing open', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    expect(await captureKioskFrame({ getUserMedia } as unknown as MediaDevices)).toBeNull();
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({
        audio: false,
        video: expect.objectContaining({ facingMode: 'user' }),
      }),
    );
  });
});
