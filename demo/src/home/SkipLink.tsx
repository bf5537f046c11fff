import Box from '@mui/material/Box';

/** The first focusable element: lets keyboard users skip the navigation. Visible only while focused. */
export function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 10,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        border: 2,
        borderColor: 'primary.main',
        borderRadius: 1,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}
