<?php

namespace Demo;

/** Calls on what a method of the same class declares it returns. */
class Environment
{
    private $loader;

    public function getLoader(): LoaderInterface
    {
        return $this->loader;
    }

    public function getCache()
    {
        return null;
    }

    public function isTemplateFresh(string $name, int $time): bool
    {
        return $this->getLoader()->isFresh($name, $time) && $this->getCache()->has($name);
    }
}
