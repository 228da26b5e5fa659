import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACCOUNT,
  COUPON,
  createCheckoutSessionRequestSchema,
  createCouponRequestSchema,
  DASHBOARD_RULES,
  describeIssue,
  INPUT_RULES,
  loginRequestSchema,
  newPasswordFormSchema,
  placeOrderRequestSchema,
  RECRUITER,
  recruiterRequestSchema,
  resetPasswordRequestSchema,
  searchSuggestionsQuerySchema,
  sendOtpRequestSchema,
  signupRequestSchema,
  updateCouponRequestSchema,
  userEditFieldsSchema,
  VALIDATION,
  verifyOtpRequestSchema,
  couponVerifyRequestSchema,
} from './index';

/** The message a person reads for the first problem, or 'ok'. */
const said = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) return 'ok';
  const issue = result.error.issues[0]!;
  return describeIssue(issue.path, issue.message);
};

const longEmail = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const verificationToken = 'a-token-from-the-verified-code';
const signup = {
  email: 'mia@example.com',
  username: 'mia',
  password: 'password123',
  verificationToken,
};
const recruiter = { ...signup, confirmPassword: 'password123' };
const reset = { email: 'a@b.co', verificationToken };

describe('e-mail addresses', () => {
  const forms: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['send-otp', sendOtpRequestSchema, {}, RECRUITER.invalidEmail],
    ['verify', verifyOtpRequestSchema, { otp: '123456' }, RECRUITER.invalidEmail],
    ['sign-up', signupRequestSchema, signup, RECRUITER.invalidEmail],
    ['login', loginRequestSchema, { password: 'x' }, RECRUITER.invalidEmail],
    ['recruiter', recruiterRequestSchema, recruiter, RECRUITER.invalidEmail],
    [
      'reset',
      resetPasswordRequestSchema,
      { password: 'password123', verificationToken },
      RECRUITER.invalidEmail,
    ],
    ['user edit', userEditFieldsSchema, {}, DASHBOARD_RULES.emailInvalid],
  ];

  it.each(forms)('%s takes 254 characters and refuses 255', (_name, schema, rest, invalid) => {
    expect(said(schema, { ...rest, email: longEmail(254) })).toBe('ok');
    expect(said(schema, { ...rest, email: longEmail(255) })).toBe(invalid);
    expect(said(schema, { ...rest, email: longEmail(100_000) })).toBe(invalid);
  });

  it('keeps the required texts and calls a value of another type invalid', () => {
    expect(said(loginRequestSchema, { password: 'x' })).toBe(VALIDATION.emailRequired);
    expect(said(loginRequestSchema, { email: '  ', password: 'x' })).toBe(VALIDATION.emailRequired);
    expect(said(loginRequestSchema, { email: 12345, password: 'x' })).toBe(RECRUITER.invalidEmail);
  });

  it('limits the e-mail fields the server ignores too', () => {
    expect(said(couponVerifyRequestSchema, { couponCode: 'A', userEmail: longEmail(300) })).toBe(
      RECRUITER.invalidEmail,
    );
  });
});

describe('the verification token of a last step (decision 131)', () => {
  it.each([
    ['sign-up', signupRequestSchema, signup, ACCOUNT.emailNotVerified],
    ['recruiter', recruiterRequestSchema, recruiter, ACCOUNT.emailNotVerified],
    [
      'reset',
      resetPasswordRequestSchema,
      { ...reset, password: 'password123' },
      ACCOUNT.resetNotVerified,
    ],
  ] as const)('is required on %s, and a huge one is refused', (_name, schema, value, missing) => {
    expect(said(schema, value)).toBe('ok');
    expect(said(schema, { ...value, verificationToken: undefined })).toBe(missing);
    expect(said(schema, { ...value, verificationToken: '' })).toBe(missing);
    expect(said(schema, { ...value, verificationToken: 't'.repeat(100_000) })).toBe(
      ACCOUNT.verificationExpired,
    );
  });
});

describe('present but wrong values say what is wrong', () => {
  const long = 'p'.repeat(129);

  it.each([
    ['sign-up', signupRequestSchema, signup],
    ['recruiter', recruiterRequestSchema, { ...recruiter, confirmPassword: long }],
    ['login', loginRequestSchema, { email: 'a@b.co' }],
    ['reset', resetPasswordRequestSchema, reset],
    ['user edit', userEditFieldsSchema, {}],
  ] as const)('a 129-character password on %s', (_name, schema, rest) => {
    expect(said(schema, { ...rest, password: long })).toBe(INPUT_RULES.passwordTooLong);
  });

  it('keeps "Password is required!" for a missing or empty password', () => {
    expect(said(loginRequestSchema, { email: 'a@b.co' })).toBe(VALIDATION.passwordRequired);
    expect(said(signupRequestSchema, { ...signup, password: '' })).toBe(
      VALIDATION.passwordRequired,
    );
    expect(said(signupRequestSchema, { ...signup, password: 'short' })).toBe(
      VALIDATION.passwordTooShort,
    );
    expect(said(loginRequestSchema, { email: 'a@b.co', password: 42 })).toBe(
      'password must be a string',
    );
  });

  it('delivery addresses: required when blank, a length message when too long', () => {
    const order = { paymentMethod: 'cod' };
    expect(said(placeOrderRequestSchema, { ...order, deliveryAddress: ' ' })).toBe(
      VALIDATION.deliveryAddressRequired,
    );
    expect(said(placeOrderRequestSchema, { ...order, deliveryAddress: 'a'.repeat(501) })).toBe(
      INPUT_RULES.deliveryAddressTooLong,
    );
    const card = (deliveryAddress?: string) => ({ paymentData: { deliveryAddress } });
    expect(said(createCheckoutSessionRequestSchema, card())).toBe(
      VALIDATION.deliveryAddressRequiredForCard,
    );
    expect(said(createCheckoutSessionRequestSchema, card('a'.repeat(501)))).toBe(
      INPUT_RULES.deliveryAddressTooLong,
    );
  });

  it('a payment method: required when not chosen, named when unknown', () => {
    const order = { deliveryAddress: '1 Main St' };
    expect(said(placeOrderRequestSchema, order)).toBe(VALIDATION.paymentMethodRequired);
    expect(said(placeOrderRequestSchema, { ...order, paymentMethod: 'gold' })).toBe(
      'paymentMethod must be one of: cod, card',
    );
  });

  it('coupon codes: required when blank, invalid when longer than any code', () => {
    expect(said(couponVerifyRequestSchema, { couponCode: '' })).toBe(VALIDATION.couponCodeRequired);
    expect(said(couponVerifyRequestSchema, { couponCode: 'A'.repeat(41) })).toBe(COUPON.invalid);
    expect(
      said(placeOrderRequestSchema, {
        couponCode: 'A'.repeat(41),
        deliveryAddress: 'x',
        paymentMethod: 'cod',
      }),
    ).toBe(COUPON.invalid);
  });

  it('search suggestions: too short when absent, a type message for a repeated key', () => {
    expect(said(searchSuggestionsQuerySchema, {})).toBe(VALIDATION.searchTooShort);
    expect(said(searchSuggestionsQuerySchema, { data: ['ab', 'cd'] })).toBe(
      'data must be a string',
    );
  });
});

describe('control characters', () => {
  it.each(['ab\u0007c', 'ab\bc', 'ab\u001bc', 'ab\u007fc', 'ab\u202ec', 'ab\u2066c', 'a\nbc'])(
    'are refused in a username: %j',
    (username) => {
      const message = INPUT_RULES.controlCharacters('Username');
      expect(said(signupRequestSchema, { ...signup, username })).toBe(message);
      expect(said(recruiterRequestSchema, { ...recruiter, username })).toBe(message);
      expect(said(userEditFieldsSchema, { username })).toBe(message);
    },
  );

  it.each(['pass\u0000word', 'password\t1', 'pass\u007fword', 'password\u202e', 'pass\nword'])(
    'are refused in a new password, and still compared on login: %j',
    (password) => {
      const message = INPUT_RULES.controlCharacters('Password');
      expect(said(signupRequestSchema, { ...signup, password })).toBe(message);
      expect(
        said(recruiterRequestSchema, { ...recruiter, password, confirmPassword: password }),
      ).toBe(message);
      expect(said(resetPasswordRequestSchema, { ...reset, password })).toBe(message);
      expect(said(newPasswordFormSchema, { password, confirmPassword: password })).toBe(message);
      expect(said(userEditFieldsSchema, { password })).toBe(message);
      expect(said(loginRequestSchema, { email: 'a@b.co', password })).toBe('ok');
    },
  );

  it('leave passwords in any script alone', () => {
    expect(said(signupRequestSchema, { ...signup, password: 'パスワード 李 😀 ok' })).toBe('ok');
  });

  it('leave names in any script alone', () => {
    expect(said(signupRequestSchema, { ...signup, username: 'Łukasz 李 😀' })).toBe('ok');
  });

  it('allow line breaks in a delivery address, nothing else', () => {
    const order = { paymentMethod: 'cod' };
    expect(said(placeOrderRequestSchema, { ...order, deliveryAddress: '1 Main St\nTokyo' })).toBe(
      'ok',
    );
    expect(said(placeOrderRequestSchema, { ...order, deliveryAddress: '1 Main\u202eSt' })).toBe(
      INPUT_RULES.controlCharacters('Delivery address'),
    );
  });
});

describe('coupon discount and expiry', () => {
  const coupon = { couponCode: 'SAVE', discountPercentage: '10', expiryDate: '2030-01-01' };

  it.each(['0x1e', '0b11', '1e1', ' ', 'ten', 'Infinity'])(
    'a discount typed as %j is not a number',
    (discountPercentage) => {
      const expected =
        discountPercentage.trim() === ''
          ? DASHBOARD_RULES.discountRequired
          : DASHBOARD_RULES.discountNotANumber;
      expect(said(createCouponRequestSchema, { ...coupon, discountPercentage })).toBe(expected);
    },
  );

  it.each(['7.5', 12.5])('a discount of %j is not a whole number', (discountPercentage) => {
    expect(said(createCouponRequestSchema, { ...coupon, discountPercentage })).toBe(
      DASHBOARD_RULES.discountNotANumber,
    );
  });

  it('takes plain whole numbers, as text or as numbers', () => {
    const parsed = createCouponRequestSchema.parse({ ...coupon, discountPercentage: ' 30 ' });
    expect(parsed.discountPercentage).toBe(30);
    expect(said(createCouponRequestSchema, { ...coupon, discountPercentage: 101 })).toBe(
      DASHBOARD_RULES.discountRange,
    );
  });

  it.each([
    '2027-02-31',
    '2027-02-29',
    '2027-04-31',
    '2027-13-01',
    '2027-00-10',
    '+020000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '20000-01-01',
    '2027-02-30T10:00:00Z',
    '2027-01-01T24:00:00Z',
    'March 3 2027',
    'soon',
  ])('refuses the expiry date %j', (expiryDate) => {
    expect(said(createCouponRequestSchema, { ...coupon, expiryDate })).toBe(
      DASHBOARD_RULES.expiryInvalid,
    );
    expect(said(updateCouponRequestSchema, { discountPercentage: 10, expiryDate })).toBe(
      DASHBOARD_RULES.expiryInvalid,
    );
  });

  it.each([
    ['2028-02-29', '2028-02-29T23:59:59.999Z'],
    ['2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'],
    ['2030-01-01T09:30:00+09:00', '2030-01-01T00:30:00.000Z'],
    ['2030-01-01T12:00', '2030-01-01T12:00:00.000Z'],
  ])('takes the expiry date %j', (expiryDate, iso) => {
    expect(
      createCouponRequestSchema.parse({ ...coupon, expiryDate }).expiryDate.toISOString(),
    ).toBe(iso);
  });

  it('keeps the required text for a missing expiry', () => {
    expect(said(createCouponRequestSchema, { ...coupon, expiryDate: '' })).toBe(
      DASHBOARD_RULES.expiryRequired,
    );
    expect(said(createCouponRequestSchema, { ...coupon, expiryDate: 20300101 })).toBe(
      DASHBOARD_RULES.expiryInvalid,
    );
  });
});

describe('e-mailed codes', () => {
  const verify = (otp: unknown) => said(verifyOtpRequestSchema, { email: 'a@b.co', otp });

  it.each([
    '12345a',
    'abcdef',
    '12345',
    '1234567',
    '12 345',
    '١٢٣٤٥٦',
    '１２３４５６７',
    '123456\u0000',
    '-12345',
  ])('are 6 digits: %j is refused', (otp) => {
    expect(verify(otp)).toBe(INPUT_RULES.codeDigits);
  });

  it('say what they are, keep the required text, and ignore spaces around the digits and their width', () => {
    expect(INPUT_RULES.codeDigits).toBe('Code must be the 6 digits from the email.');
    expect(verify('x'.repeat(100_000))).toBe(INPUT_RULES.codeDigits);
    expect(verify(' ')).toBe(VALIDATION.otpRequired);
    expect(verify(undefined)).toBe(VALIDATION.otpRequired);
    expect(verify(' 012345 ')).toBe('ok');
    expect(verifyOtpRequestSchema.parse({ email: 'a@b.co', otp: ' 012345 ' }).otp).toBe('012345');
    // Typed with a Japanese input method on: full-width digits and an ideographic space.
    expect(verifyOtpRequestSchema.parse({ email: 'a@b.co', otp: '０１２３４５\u3000' }).otp).toBe(
      '012345',
    );
  });
});
