import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH,
  EMAIL_MAX_LENGTH,
  loginRequestSchema,
  PAGE_TITLES,
  PAGES,
  STORAGE_KEYS,
  type LoginRequest,
} from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { paths, returnPath } from '../../../lib/paths';
import { storage } from '../../../lib/storage';
import { authCalls } from '../api/auth-calls';
import { useEnterSignedIn } from '../api/use-enter-signed-in';
import { AuthFooterLine, AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { GoogleButton, OrDivider } from '../components/google-button';
import { TextField } from '../components/text-field';
import { usePageTitle } from '../../../lib/use-page-title';

/** /login (spec §2): e-mail and password, Google, and the ways to the other auth pages. */
export function LoginRoute() {
  usePageTitle(PAGE_TITLES.login);
  const enter = useEnterSignedIn();
  const location = useLocation();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: storage.get(STORAGE_KEYS.rememberedEmail) ?? '', password: '' },
  });
  const login = useMutation({
    mutationFn: authCalls.login,
    onSuccess: (body) => enter(body, returnPath(location.state)),
    onError: (error) => toast.error(errorMessage(error, AUTH.loginFailed)),
  });
  const { errors } = form.formState;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to keep a cart, place orders and see your purchase history."
      footer={
        <>
          <AuthFooterLine>
            New to Otaku Shelf? <AuthLink to={paths.signup}>Create an account</AuthLink>
          </AuthFooterLine>
          <AuthFooterLine>
            Hiring? <AuthLink to={paths.recruiter}>{PAGES.createRecruiterAccount}</AuthLink>
          </AuthFooterLine>
        </>
      }
    >
      <GoogleButton />
      <OrDivider />
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          registration={form.register('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password}
        />
        <AuthLink to={paths.forgotPassword} className="self-end text-sm">
          Forgot password?
        </AuthLink>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
