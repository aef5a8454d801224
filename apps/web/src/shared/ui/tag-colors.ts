/**
 * Solid tag colours with white text at 4.5:1 or better: antd's light preset tags ("gold", "green"…)
 * fall below WCAG AA contrast.
 */
export const tagColors = {
  success: '#237804',
  warning: '#ad4e00',
  highlight: '#874d00',
  info: '#0958d9',
} as const;
