import { useEffect, useState } from 'react';

// A blob: URL to preview a chosen file (an avatar, an event photo) before it is uploaded, revoked
// when the file changes or the component goes.
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
