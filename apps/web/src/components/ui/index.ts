export { Avatar, type AvatarProps } from './avatar';
export { Badge, type BadgeProps, type BadgeSize, type BadgeTone } from './badge';
export { BrandMark } from './brand-mark';
export {
  Button,
  ButtonLink,
  buttonClasses,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonShape,
  type ButtonSize,
  type ButtonVariant,
} from './button';
export { Card, CardBody, CardHeader, CardTitle } from './card';
export { DateField, TimeField, type DateFieldProps } from './date-field';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { FieldError, FieldHint, Input, Label, type InputProps } from './input';
export { FileField, type FileFieldProps } from './file-field';
export { Modal, type ModalProps } from './modal';
export { NotFoundPanel, type NotFoundPanelProps } from './not-found-panel';
export { Page, type PageProps } from './page';
export { Pagination, visiblePages, type PaginationProps } from './pagination';
export { PastLastPage, type PastLastPageProps } from './past-last-page';
export { RangeSlider, type RangeSliderProps } from './range-slider';
export { ScreenPlaceholder, type ScreenPlaceholderProps } from './screen-placeholder';
export { InstagramIcon, XIcon, YouTubeIcon } from './social-icons';
export { ScreenSpinner, Spinner, type SpinnerProps } from './spinner';
export { Toaster, type ToasterVariant } from './toaster';
