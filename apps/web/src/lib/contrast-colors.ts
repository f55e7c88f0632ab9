/**
 * Words in green (success) and orange (warning). Mantine's darkest shades of these hues, green.9 and
 * orange.9, reach only 4.4:1 and 4.3:1 on white and less on their own light badge and alert backgrounds;
 * these darker tones of the same hues keep 4.5:1 (WCAG 1.4.3) on white and on those light backgrounds,
 * and white text on the orange keeps it too. The orange keeps it also on a list that is updating, which
 * shows at 85 % opacity: 4.7:1 on the light orange badge there (6.3:1 at rest).
 */
export const SUCCESS_TEXT_COLOR = '#247534';
export const WARNING_TEXT_COLOR = '#993209';
