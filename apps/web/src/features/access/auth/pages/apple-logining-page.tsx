import { useEffect, useRef } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorCodes, formatErrorMessage, type ErrorCode } from '@lodestar/contract';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { useFinishAppleSignIn } from '../auth.api.ts';
import { continueAfterSignIn } from '../sign-in.api.ts';

function messageOf(code: string | null): string | null {
  if (!code) return null;
  const known = (errorCodes as readonly string[]).includes(code) ? (code as ErrorCode) : 'APPLE_AUTHORIZATION_FAILED';
  return formatErrorMessage(currentLanguage(), known);
}

/**
 * /user/apple-logining (public): where the server sends the browser after Apple's answer. A ticket is traded
 * once for a session, then on as after a password login; an error (or a failed trade) says why, with a way back.
 */
export function AppleLoginingPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const finish = useFinishAppleSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (!ticket || started.current) return;
    started.current = true;
    finish.mutate(ticket, { onSuccess: (session) => void continueAfterSignIn(session.redirect, navigate) });
  }, [ticket, finish, navigate]);

  const failure = messageOf(params.get('error')) ?? (finish.isError ? finish.error.message : null) ?? (ticket ? null : messageOf('APPLE_STATE_INVALID'));
  return (
    <AuthCard title={t('apple.finishingTitle')}>
      {failure ? (
        <Result
          status="error"
          title={t('apple.failedTitle')}
          subTitle={<span data-testid="apple-sign-in-error">{failure}</span>}
          extra={
            <Button type="primary" onClick={() => navigate('/member/login', { replace: true })}>
              {t('apple.backToLogin')}
            </Button>
          }
        />
      ) : (
        <div className="centered-block" role="status">
          <Spin /> <span>{t('apple.finishing')}</span>
        </div>
      )}
    </AuthCard>
  );
}
