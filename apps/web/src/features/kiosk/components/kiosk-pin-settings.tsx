import { KioskPinForm } from './kiosk-pin-form.tsx';
import { PhotoConsentSection } from './photo-consent-section.tsx';

/**
 * «PIN для киоска» of the employee's home and profile: the PIN, and — where the company takes
 * photos at PIN punches — the consent to them (decision 034).
 */
export function KioskPinSettings({ zone }: { zone: string | undefined }) {
  return (
    <>
      <KioskPinForm zone={zone} />
      <PhotoConsentSection zone={zone} />
    </>
  );
}
