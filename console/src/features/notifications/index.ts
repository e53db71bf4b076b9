export { NotificationBell } from './notification-bell';
export { NotificationSettingsTab } from './notification-settings.tab';
export { MentionTargetsProvider } from './mention-targets.context';
export { MentionTextarea } from './mention-textarea';
export { MentionText } from './mention-text';
