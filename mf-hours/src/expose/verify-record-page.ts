// What the shell loads as "mf_hours/VerifyRecordPage": the public record check (issue 19).
export {
  VerifyRecordPage as default,
  VerifyRecordPage,
} from '../pages/verify-record/verify-record-page';
