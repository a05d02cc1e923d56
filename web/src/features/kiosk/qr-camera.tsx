/**
 * The kiosk's camera (issue 11): @yudiel/react-qr-scanner reading QR codes only. Where the browser has no
 * native BarcodeDetector it decodes with zxing-wasm, whose `.wasm` file is bundled and served from our own
 * origin (the override below), never from a CDN, so the page keeps its strict Content-Security-Policy
 * (the server adds only `'wasm-unsafe-eval'` on /staff/kiosk). Loaded lazily with the kiosk page.
 */
import { Scanner, setZXingModuleOverrides } from '@yudiel/react-qr-scanner';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

setZXingModuleOverrides({
  locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? readerWasmUrl : `${prefix}${file}`),
});

/** A live camera view that calls `onCode` with each QR code's text; `paused` freezes it. */
export default function QrCamera({
  onCode,
  onUnavailable,
  paused,
}: {
  onCode: (text: string) => void;
  onUnavailable: (reason: string) => void;
  paused: boolean;
}) {
  return (
    <Scanner
      formats={['qr_code']}
      paused={paused}
      sound={false}
      // The tablet's front camera faces the adult. No minimum size (the library's default asks for 640 px of
      // height, which some front cameras and the tests' fake camera do not have).
      constraints={{ facingMode: { ideal: 'user' }, width: { ideal: 1280 }, height: { ideal: 720 } }}
      components={{ finder: true, torch: false, zoom: false, onOff: false }}
      onScan={(codes) => {
        const text = codes.find((c) => c.rawValue)?.rawValue;
        if (text) onCode(text);
      }}
      onError={(error) => onUnavailable(`${error.kind}: ${error.message}`)}
      styles={{ container: { borderRadius: 12, overflow: 'hidden' } }}
    />
  );
}
