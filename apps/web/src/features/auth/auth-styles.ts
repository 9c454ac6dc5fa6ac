/* Mantine styles the sign-in screens need beyond app/mantine-styles.ts; they load with those screens. */
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
