// @district/ui: the kit, the platform store, the API client and the query client. Shared as a
// module-federation singleton, so everything created here exists once across shell and remotes.
import './styles.css';

export { cn } from './lib/cn';
export { useObjectUrl } from './lib/object-url';

export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/button';
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from './components/card';
export { StatusCard, type StatusCardProps } from './components/status-card';
export { Input, Textarea } from './components/input';
export { Label } from './components/label';
export { Select, preloadSelect, type SelectOption, type SelectProps } from './components/select';
export { Combobox, preloadCombobox, type ComboboxProps } from './components/combobox';
export { Tabs } from './components/tabs';
export { Dialog, preloadDialog, type DialogProps } from './components/dialog';
export { AlertDialog, preloadAlertDialog, type AlertDialogProps } from './components/alert-dialog';
export { Badge, type BadgeVariant } from './components/badge';
export { Avatar, initials, type AvatarProps, type AvatarSize } from './components/avatar';
export { Spinner, type SpinnerProps } from './components/spinner';
export { Field, type FieldControlProps, type FieldProps } from './components/field';
export { EmptyState, type EmptyStateProps } from './components/empty-state';
export { PageHeader, type PageHeaderProps } from './components/page-header';
export { SectionCard, type SectionCardProps } from './components/section-card';
export { StackTable, type StackTableProps } from './components/stack-table';
export { Toaster, preloadToaster } from './components/toaster';
export * from './lib/icons';

export {
  toast,
  toastError,
  useCurrentUser,
  usePlatformStore,
  useToasts,
  type PlatformState,
  type ToastActionOptions,
  type ToastHandle,
  type ToastItem,
  type ToastOptions,
  type ToastVariant,
} from './store/platform-store';

export {
  apiRequest,
  getQueryFn,
  throwIfResNotOk,
  type HttpMethod,
  type UnauthorizedBehavior,
} from './api/api-client';
export { queryClient } from './api/query-client';

export {
  AuthProvider,
  CURRENT_USER_QUERY_KEY,
  refreshCurrentUser,
  setCurrentUser,
  useAuth,
  type AuthContextValue,
} from './auth/auth-provider';

export * from './i18n';

export {
  useSchemaForm,
  type FieldErrors,
  type SchemaForm,
  type SchemaFormOptions,
} from './forms/use-schema-form';
