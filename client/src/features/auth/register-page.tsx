import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useSignUp } from './account-actions';
import { useCurrentUser } from './api';
import { AuthLayout } from './auth-layout';
import { errorMessageOf } from './error-message';
import type { LoginPageState } from './login-page';
import { PasswordInput } from './password-input';
import { newPasswordProblem } from './password-rules';
import { SocialSignInButtons } from './social-sign-in-buttons';

const SIGN_UP_FAILED = 'Sign up Failed';
export const REGISTRATION_SUCCESS_MESSAGE =
  'Registration successful! Please check your email to verify your account.';

const emptyForm = { name: '', email: '', phone: '', location: '', password: '', confirmPassword: '' };
type FormField = keyof typeof emptyForm;

const TERMS_REQUIRED_MESSAGE = 'Please accept the Terms of Service and Privacy Policy';

/** /register (spec §2, §4 Register, §5): success tells the person to confirm their e-mail. */
export function RegisterPage() {
  usePageMeta('Create Account', 'Create a Bazaar account and start your 14-day free trial.');
  const { data: currentUser } = useCurrentUser();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [hasAcceptedTerms, setAcceptedTerms] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FormField, string>>>({});

  const fieldProps = (field: FormField) => ({
    id: `register-${field}`,
    value: form[field],
    required: true,
    'aria-invalid': fieldErrors[field] ? true : undefined,
    'aria-describedby': fieldErrors[field] ? `register-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [field]: event.target.value }));
      setFieldErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  // Someone already signed in has an account; their page is the dashboard.
  if (currentUser) return <Navigate to={paths.dashboard} replace />;

  function showFailure(error: unknown) {
    toast({ title: SIGN_UP_FAILED, description: errorMessageOf(error), variant: 'destructive' });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      newPasswordProblem(form.password, form.confirmPassword) ??
      (hasAcceptedTerms ? null : TERMS_REQUIRED_MESSAGE);
    if (problem) {
      toast({ title: problem, variant: 'destructive' });
      return;
    }
    const { confirmPassword: _confirmation, ...details } = form;
    // The sign-in page comes next: its code arrives with the answer, so it shows at once and
    // the register form does not stay on screen under /login meanwhile.
    void import('./login-page');
    signUp.mutate(
      {
        ...details,
        name: details.name.trim(),
        email: details.email.trim(),
        phone: details.phone.trim(),
        location: details.location.trim(),
      },
      {
        onSuccess: () => {
          toast({ title: REGISTRATION_SUCCESS_MESSAGE, variant: 'success' });
          void navigate(paths.login, { state: { email: details.email.trim() } satisfies LoginPageState });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
          showFailure(error);
        },
      },
    );
  }

  const errorOf = (field: FormField) =>
    fieldErrors[field] ? (
      <p id={`register-${field}-error`} className="text-sm text-destructive">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <AuthLayout
      Icon={UserPlus}
      title="Create Account"
      description="Join Bazaar and start your 14-day free trial"
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="register-name">Full Name</Label>
          <Input autoComplete="name" placeholder="Jane Doe" {...fieldProps('name')} />
          {errorOf('name')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="register-email">Email</Label>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldProps('email')} />
          {errorOf('email')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="register-phone">Phone Number</Label>
            <Input type="tel" autoComplete="tel" placeholder="+1 555 0100" {...fieldProps('phone')} />
            {errorOf('phone')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="register-location">Location</Label>
            <Input autoComplete="address-level2" placeholder="City, State" {...fieldProps('location')} />
            {errorOf('location')}
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="register-password">Password</Label>
          <PasswordInput
            autoComplete="new-password"
            placeholder="At least 6 characters"
            {...fieldProps('password')}
          />
          {errorOf('password')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="register-confirmPassword">Confirm Password</Label>
          <PasswordInput
            autoComplete="new-password"
            placeholder="Repeat your password"
            {...fieldProps('confirmPassword')}
          />
        </div>
        <div className="flex items-start gap-2">
          <Checkbox
            id="register-terms"
            className="mt-0.5"
            aria-required
            checked={hasAcceptedTerms}
            onCheckedChange={(checked) => setAcceptedTerms(checked === true)}
          />
          <Label htmlFor="register-terms" className="leading-snug font-normal">
            {/* In a new tab, so that what is typed here stays. */}
            <span>
              I agree to the{' '}
              <a
                href={paths.terms}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary underline"
              >
                Terms of Service
              </a>{' '}
              and{' '}
              <a
                href={paths.privacy}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary underline"
              >
                Privacy Policy
              </a>
            </span>
          </Label>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <SocialSignInButtons onFailure={showFailure} />
    </AuthLayout>
  );
}
