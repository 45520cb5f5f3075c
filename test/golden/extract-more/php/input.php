<?php
declare(strict_types=1);

namespace App\Billing;

use App\Models\User;
use App\Contracts\{Payable, Refundable as Ref};
use function App\Support\format_money;
use const App\Support\RATE;

require_once __DIR__ . '/helpers.php';

const VERSION = '1.0';

/**
 * Handles invoices.
 */
abstract class Invoice extends BaseModel implements Payable, \JsonSerializable
{
    use HasTotals;

    public const TAX = 0.2;
    private int $total = 0;
    protected static ?User $owner;

    /** Builds it. */
    public function __construct(private readonly Gateway $gateway, int $total)
    {
        parent::__construct();
        $this->total = $total;
        $this->items = new ItemList();
    }

    public static function make(int $total): static
    {
        return new static($total);
    }

    private function charge(User $user): bool
    {
        $this->gateway->charge($user, $this->total);
        self::log('charged');
        \App\Support\Log::info("x");
        return format_money($this->total) !== '';
    }

    abstract protected function render(): string;
}

interface Payable extends Countable
{
    public function pay(): void;
}

trait HasTotals
{
    public function sum(): int { return 0; }
}

enum Status: string
{
    case Paid = 'paid';
    case Open = 'open';

    public function label(): string { return ucfirst($this->value); }
}

function helper(array $xs): array
{
    return array_map(fn($x) => $x * 2, $xs);
}
