// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./IERC20.sol";
import {Ownable, Context as Ctx} from "@openzeppelin/contracts/access/Ownable.sol";
import * as Utils from "./Utils.sol";
import "./Lib.sol" as Lib;

/// @title A payable thing.
interface IPayable {
    function pay(address to, uint256 amount) external returns (bool);
    event Paid(address indexed to, uint256 amount);
}

library SafeMath {
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        return a + b;
    }
}

/**
 * @notice An invoice.
 */
contract Invoice is Ownable, IPayable {
    using SafeMath for uint256;

    uint256 public constant MAX_LINES = 10;
    uint256 private total;
    mapping(address => uint256) public balances;

    struct Line {
        uint256 amount;
        string memo;
    }

    enum Status { Open, Paid }

    error Unauthorized(address caller);

    event Logged(string message);

    modifier onlyPayer() {
        require(msg.sender == payer(), "no");
        _;
    }

    constructor(address owner) Ownable(owner) {
        total = 0;
    }

    /// Pays.
    function pay(address to, uint256 amount) external override onlyPayer returns (bool) {
        total = total.add(amount);
        IERC20(token).transfer(to, amount);
        emit Logged("paid");
        Line memory l = Line(amount, "x");
        Helper h = new Helper();
        h.run();
        _internal();
        if (amount == 0) revert Unauthorized(msg.sender);
        return true;
    }

    function payer() public view returns (address) {
        return owner();
    }

    function _internal() private {}

    receive() external payable {}

    fallback() external {}
}

abstract contract Base {}

contract Helper {
    function run() external {}
}

struct Free { uint x; }

function freeFn(uint x) pure returns (uint) { return x; }

type Price is uint256;

uint256 constant FEE = 3;

interface IRefundable is IPayable {}
