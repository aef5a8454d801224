import { useTranslation } from 'react-i18next';

const platforms = ['ios', 'android', 'thunderbird'] as const;
const stepCounts: Record<(typeof platforms)[number], number> = { ios: 4, android: 4, thunderbird: 4 };

/** How to add the address book on each platform: the phone's own Contacts app, DAVx⁵, Thunderbird. */
export function SetupSteps() {
  const { t } = useTranslation('carddav');
  return (
    <div className="carddav-steps">
      {platforms.map((platform) => (
        <section key={platform} aria-labelledby={`carddav-setup-${platform}`} className="carddav-steps__platform">
          <h3 id={`carddav-setup-${platform}`}>{t(`setup.${platform}.title`)}</h3>
          <ol>
            {Array.from({ length: stepCounts[platform] }, (_, i) => (
              <li key={i}>{t(`setup.${platform}.step${i + 1}`)}</li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
