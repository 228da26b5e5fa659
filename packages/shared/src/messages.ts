/**
 * Every user-facing text of the product, word for word from the specification (§2, §5, §8).
 * The server and the web app both import these; neither side spells a message itself.
 */
import { DELIVERY_ADDRESS_MAX_LENGTH, EMAIL_CODE, PASSWORD_MAX_LENGTH } from './constants';
import type { PaymentMethod } from './roles';

export const VALIDATION = {
  searchTooShort: 'Search query must be at least 2 characters',
  emailRequired: 'Email is required!',
  otpRequired: 'OTP is required!',
  usernameRequired: 'Username is required!',
  passwordRequired: 'Password is required!',
  passwordTooShort: 'Password must be at least 8 characters.',
  deliveryAddressRequired: 'Please enter a delivery address',
  deliveryAddressRequiredForCard: 'Enter the delivery address!',
  paymentMethodRequired: 'Please select a payment method',
  couponAlreadyApplied: 'Coupon has already been applied!',
  couponCodeRequired: 'Please enter a coupon code.',
  couponLoginRequired: 'Please login to apply coupon',
  addToCartLoginRequired: 'Please login to add items to cart',
  variantRequired: 'Please select a variant',
  quantityInvalid: 'Please select a valid quantity',
  variantBeforeIncrease: 'Please select a variant before increasing quantity',
  variantBeforeDecrease: 'Please select a variant before decreasing quantity',
  variantOutOfStock: 'This variant is out of stock',
  historyLoginRequired: 'Please login to view your order history',
} as const;

export const PRODUCT_FORM = {
  productIdRequired: 'Product ID is required!',
  nameRequired: 'Product name is required!',
  descriptionRequired: 'Description is required!',
  priceRequired: 'Price is required!',
  categoryRequired: 'Category is required!',
  imageRequired: 'Image is required!',
  imageHint: 'PNG, JPG, GIF up to 10MB',
  volumeStockRequired: (volume: string) => `Stock for Volume ${volume} is required!`,
  sizeStockRequired: (size: string) => `Stock for Size ${size} is required!`,
  stockRequired: 'Stock is required!',
  stockNegative: 'Stock cannot be negative',
  notANumber: 'Must be a valid number',
  volumesRequired: 'Volume numbers are required for comics',
  volumeFormat: (entry: string) => `Invalid format: "${entry}". Use format: V1, V2, V10, etc.`,
  volumeDuplicate: 'Duplicate volume numbers are not allowed',
  merchTypeRequired: 'Merchandise type is required!',
  toyTypeRequired: 'Toy type is required!',
  deleteIdRequired: 'Please enter a product ID',
  deleteIdMismatch: 'Product ID does not match the selected product',
} as const;

/** The dashboard's picture fields (product image, profile picture): a button and drop area. */
export const FILE_FIELD = {
  choose: 'Choose a picture',
  drop: 'or drop one here',
  none: 'No file chosen',
} as const;

export const DELETE_CONFIRM_WORD = 'CONFIRM';
export const deleteConfirmRequired = (thing: 'order' | 'user' | 'coupon') =>
  `You must type CONFIRM to delete this ${thing}.`;

export const USER_FORM = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
} as const;

export const RECRUITER = {
  usernameTooShort: 'Username must be at least 3 characters long!',
  usernameTooLong: 'Username must be less than 20 characters!',
  invalidEmail: 'Invalid email address!',
  passwordTooShort: 'Password must be at least 8 characters long!',
  confirmRequired: 'Please confirm your password!',
  passwordsDiffer: 'Passwords do not match!',
  failed: 'Failed to create recruiter account',
  error: 'An error occurred while creating the account!',
} as const;

export const AUTH = {
  sendOtpFailed: 'Failed to send OTP',
  otpInvalid: 'Invalid or expired OTP',
  signupFailed: 'Signup failed',
  resetFailed: 'Could not change your password. Please try again.',
  loginFailed: 'Try again something went wrong!',
  googleFailed: 'Google authentication failed. Please try again.',
  logoutFailed: 'Failed to logout. Please try again.',
} as const;

export const CART = {
  loadFailed: 'Failed to load cart',
  addFailed: 'Failed to add to cart',
  updateFailed: 'Failed to update cart',
  removeFailed: 'Failed to remove from cart',
  clearFailed: 'Failed to clear cart',
  notLoggedIn: 'User not logged in',
  itemNotFound: 'Item not found in cart',
  highDemand: 'High demand! Please try again in a moment.',
  outOfStock: 'This item is out of stock',
  addFailedRetry: 'Failed to add to cart. Please try again.',
} as const;

export const COUPON = {
  invalid: 'Invalid coupon code',
  applyError: 'Error applying coupon',
  removed: 'Coupon removed',
  applied: (saved: string) => `Coupon applied! You saved $${saved}`,
  proceeding: 'Proceeding to payment automatically...',
} as const;

export const ORDER = {
  placed: 'Order placed successfully!',
  placeFailed: 'Failed to place order',
  somethingWrong: 'Something went wrong',
} as const;

/** The e-mails of an order (decision 109): its confirmation, and the note that it shipped. */
export const ORDER_MAIL = {
  confirmation: {
    subject: (orderNumber: string) => `Your Otaku Shelf order ${orderNumber}`,
    heading: (name: string) => `Thank you for your order, ${name}!`,
    lead: (orderNumber: string) => `Order ${orderNumber}`,
  },
  shipped: {
    subject: (orderNumber: string) => `Your Otaku Shelf order ${orderNumber} has shipped`,
    heading: (name: string) => `Your order is on its way, ${name}!`,
    lead: (orderNumber: string) => `Order ${orderNumber} has shipped.`,
  },
  cancellation: {
    subject: (orderNumber: string) => `Your pre-order in order ${orderNumber} is cancelled`,
    heading: (name: string) => `Your pre-order is cancelled, ${name}`,
    lead: (orderNumber: string) =>
      `As you asked, we cancelled the lines marked cancelled in order ${orderNumber}. They will not be sent.`,
  },
  'release-moved': {
    subject: (orderNumber: string) =>
      `A new release date for your pre-order in order ${orderNumber}`,
    heading: (name: string) => `A release date moved, ${name}`,
    lead: (orderNumber: string) =>
      `The release date of a pre-order in order ${orderNumber} has changed. It ships on its new date; you can still cancel it from your orders until then.`,
  },
  'refund-made': {
    subject: (orderNumber: string) => `Your refund for order ${orderNumber} is made`,
    heading: (name: string) => `Your refund is made, ${name}`,
    lead: (orderNumber: string) =>
      `The refund for your cancelled pre-order in order ${orderNumber} could not be made at first. It is made now: the money went back to your card.`,
  },
  /** An order line's note once it is cancelled (decision 169). */
  lineCancelled: 'Cancelled',
  /** How much went back to the card, and how much is still on its way. */
  refunded: (amount: string) => `Refunded to your card: ${amount}.`,
  refundOwed: (amount: string) => `On its way back to your card: ${amount}.`,
  payment: (method: PaymentMethod, total: string) =>
    method === 'card'
      ? `Paid by card: ${total}.`
      : `Cash on delivery: please have ${total} ready when your order arrives.`,
  historyLink: 'See your orders',
} as const;

export const DASHBOARD = {
  fetchOrdersFailed: 'Failed to fetch orders',
  fetchStatsFailed: 'Failed to fetch stats',
  fetchUsersFailed: 'Failed to fetch users.',
  fetchCouponsFailed: 'Failed to fetch coupons.',
  updateOrderFailed: 'Failed to update order.',
  updateUserFailed: 'Failed to update user.',
  updateCouponFailed: 'Failed to update coupon.',
  createCouponFailed: 'Failed to create coupon.',
  deleteFailed: (thing: 'product' | 'order' | 'user' | 'coupon') => `Failed to delete ${thing}`,
  errorOccurred: 'An error occurred.',
  deleteError: (thing: string) => `An error occurred while deleting the ${thing}.`,
  productSaveError: 'An error occurred',
  productCreated: (id: string) => `Product created successfully! Generated ID: ${id}`,
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully!',
  orderUpdated: 'Order updated successfully!',
  orderDeleted: 'Order deleted successfully!',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  couponCreated: 'Coupon created successfully!',
  couponUpdated: 'Coupon updated successfully!',
  couponDeleted: 'Coupon deleted successfully!',
  noProducts: 'No products found',
  /** The `message` of a dashboard list's or stats' answer (not shown by the dashboard). */
  productsFetched: 'Products fetched.',
  ordersFetched: 'Orders fetched.',
  statsFetched: 'Stats fetched.',
  noOrders: 'No orders found.',
  noUsers: 'No users found.',
  noCoupons: 'No coupons found.',
  loading: 'Loading....',
} as const;

export const PERMISSIONS = {
  cannotDeleteSelf: 'You cannot delete yourself.',
  noAuthorityToEditUsers: 'You do not have the authority to edit users.',
  noAuthorityToEditUser: 'You do not have the authority to edit this user.',
  noAuthorityToDeleteUser: 'You do not have the authority to delete this user.',
} as const;

export const HOME = {
  heroText: 'Your one-stop shop for exclusive anime merchandise and collectibles',
  loadingBanner: 'Loading banner...',
  loadingComics: 'Loading comics section...',
  loadingClothes: 'Loading clothes section...',
  loadingActionFigures: 'Loading action figures...',
  almostReady: 'Almost ready!',
} as const;

export const PAGES = {
  noPurchaseHistory: 'No Purchase History',
  paymentSuccessful: 'Payment Successful',
  outOfStockLabel: '(Out of Stock)',
  createRecruiterAccount: 'Create Recruiter Account',
  applyCouponCode: 'Apply Coupon Code',
  skipCoupon: 'Skip Coupon & Proceed to Payment',
} as const;

/** The slim note at the top of every page of a demo shop (DESIGN.md §8). */
/** The navigation bar (spec §2): the cart link names how many items the cart holds. */
export const NAV = {
  cart: 'Cart',
  cartHolding: (units: number) => `Cart, ${units} item${units === 1 ? '' : 's'}`,
  /** The badge's number past two digits. */
  manyUnits: '99+',
} as const;

export const DEMO_SHOP = { banner: 'Demo shop: no real orders are taken' } as const;

/** Messages of the server that the specification leaves to us (DESIGN.md §3). */
export const SERVER = {
  internal: 'Something went wrong on our side. Please try again.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  tooLarge: 'The request is too large.',
  databaseUnavailable: 'The shop database is unavailable right now. Please try again shortly.',
  imagesUnavailable: 'Pictures cannot be stored or loaded right now. Please try again shortly.',
} as const;

/**
 * Refusals of values that are present but cannot be taken (decision 116): they say what is
 * wrong, where the spec's texts only say that a field is required.
 */
export const INPUT_RULES = {
  controlCharacters: (field: string) => `${field} cannot contain control characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  deliveryAddressTooLong: `Delivery address must be at most ${DELIVERY_ADDRESS_MAX_LENGTH} characters.`,
  codeDigits: `Code must be the ${EMAIL_CODE.length} digits from the email.`,
} as const;

/** "45 seconds", "1 minute", "15 minutes": how long someone has to wait. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** Messages of accounts and sessions that the specification leaves to us (DESIGN.md §4). */
export const ACCOUNT = {
  codeSent: 'We sent a 6-digit sign-up code to your email. It is valid for 10 minutes.',
  codeVerified: 'Email verified. Now choose a username and password.',
  codeResendWait: (seconds: number) =>
    `Please wait ${formatWait(seconds)} before asking for a new code.`,
  codeTooManyTries: 'Too many wrong codes. Please ask for a new code.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  emailNotVerified: 'Please verify your email with the code we sent before creating your account.',
  signedUp: 'Account created successfully!',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out successfully.',
  /** A logout sent from another site's page (a forged one), decision 129. */
  crossSiteLogout:
    'Logout was refused because it did not come from this shop. Please use the Logout button here.',
  invalidCredentials: 'Invalid email or password.',
  tooManyLogins: (seconds: number) =>
    `Too many login attempts. Please try again in ${formatWait(seconds)}.`,
  /** Wrong passwords for one account from one address: that address waits (decision 130). */
  tooManyWrongPasswords: (seconds: number) =>
    `Too many wrong passwords for this account. Please wait ${formatWait(seconds)} before trying again, or reset your password.`,
  tooManyCodeRequests: (seconds: number) =>
    `Too many code requests. Please try again in ${formatWait(seconds)}.`,
  tooManyCodeChecks: (seconds: number) =>
    `Too many code attempts. Please try again in ${formatWait(seconds)}.`,
  tooManyRecruiters: (seconds: number) =>
    `Too many accounts were created from your network. Please try again in ${formatWait(seconds)}.`,
  sessionExpired: 'Your session has expired. Please log in again.',
  staffOnly: 'Only staff members can do that.',
  recruiterCreated: 'Recruiter account created successfully!',
  recruiterDisabled: 'Recruiter sign-up is turned off on this shop.',
  googleNotConfigured: 'Google sign-in is not configured on this shop.',
  googleEmailUnverified:
    'Google has not verified this email address, so it cannot be used to sign in here. Please log in with your password.',
  googleAccountUnverified:
    'An account with this email address exists, but its address was never confirmed. Log in with its password, or reset the password to confirm the address, then sign in with Google.',
  googleSignedIn: 'Signed in with Google!',
  codeMailSubject: 'Your Otaku Shelf sign-up code',
  recruiterCodeMailSubject: 'Your Otaku Shelf staff sign-up code',
  /** Said whether or not the address has an account, so the answer does not tell. */
  resetCodeSent:
    'If an account uses this email, we sent it a 6-digit code. It is valid for 10 minutes.',
  resetCodeVerified: 'Code verified. Now choose a new password.',
  resetNotVerified:
    'Please verify your email with the code we sent before choosing a new password.',
  passwordReset: 'Password changed. You are logged in.',
  resetMailSubject: 'Your Otaku Shelf password reset code',
  /** The last step's token was wrong, used, expired, or is another address's (decision 131). */
  verificationExpired:
    'Your email verification has expired or was already used. Please ask for a new code.',
  tooManyAccountSteps: (seconds: number) =>
    `Too many attempts. Please try again in ${formatWait(seconds)}.`,
  /** Mailed instead of a sign-up code to an address that has an account (decision 132). */
  accountExistsMailSubject: 'Someone tried to create an Otaku Shelf account with your email',
} as const;
