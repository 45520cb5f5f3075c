<?php
namespace App\Shapes;

interface HasArea
{
    const UNIT = 'cm';
    public function area(): float;
}

trait Describes
{
    public function describe(): string { return static::class; }
}

enum Suit: string
{
    case Hearts = 'H';
    case Spades = 'S';

    public function color(): string { return 'Red'; }
}

abstract class Shape implements HasArea
{
    use Describes;

    public const SIDES = 0;
    private static int $count = 0;
    protected ?string $label = null;
    public $handler;

    public function __construct(private float $scale = 1.0)
    {
        $this->handler = function (int $x) { return $x * 2; };
        $this->formatter = fn($v) => "{$v}";
    }

    abstract public function area(): float;

    public static function count(): int { return self::$count; }
}

function helper(Shape $s): float { return $s->area(); }

$double = function ($x) { return $x * 2; };
$triple = fn($x) => $x * 3;
define('APP_VERSION', '1.0');
const DEBUG = false;
