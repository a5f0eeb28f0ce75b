import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader type="dots" />
    </Center>
  );
}
