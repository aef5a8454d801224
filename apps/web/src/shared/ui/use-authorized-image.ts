import { useEffect, useState } from 'react';
import { apiBlob } from '../api-client.ts';

/** An object URL for a protected image, revoked when the URL changes or the component goes away. */
export function useAuthorizedImage(url: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url) {
      setObjectUrl(undefined);
      return undefined;
    }
    const controller = new AbortController();
    let created: string | undefined;
    apiBlob(url, controller.signal)
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(undefined));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}
